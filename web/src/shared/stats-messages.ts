/** The stats failure of spec 000 §8 / 001 §8, shown 3 s: the dashboard's stats panel and the reports page. */
export const STATS_ERROR = 'Error occurred while getting stats.';
