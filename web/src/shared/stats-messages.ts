/** The stats failure of the client's specification, shown 3 s: the dashboard's stats panel and the reports page. */
export const STATS_ERROR = 'Error occurred while getting stats.';
