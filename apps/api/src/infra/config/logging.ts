import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** LOG_LEVEL takes pino's names (the HTTP log is pino); Nest calls `info` `log` and `trace` `verbose`. */
const NEST_LEVELS: readonly LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];
const FROM_PINO: Record<string, LogLevel | 'silent'> = {
  trace: 'verbose',
  verbose: 'verbose',
  debug: 'debug',
  info: 'log',
  log: 'log',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
  silent: 'silent',
};

/** The Nest log levels printed at LOG_LEVEL `level` (an unknown name counts as `info`). */
export function nestLogLevels(level: string): LogLevel[] {
  const lowest = FROM_PINO[level.trim().toLowerCase()] ?? 'log';
  return lowest === 'silent' ? [] : NEST_LEVELS.slice(NEST_LEVELS.indexOf(lowest));
}

/** True when a message of `level` (pino's names) is printed at LOG_LEVEL `threshold`. */
export function logsAt(threshold: string, level: string): boolean {
  const wanted = FROM_PINO[level] ?? 'log';
  return wanted !== 'silent' && nestLogLevels(threshold).includes(wanted);
}

/**
 * Nest's start-up chatter (every module initialised, every route mapped: ~200 lines) is printed at `log` level by
 * the framework; it is demoted to `debug`, so a start at the default LOG_LEVEL shows only our banner, warnings and
 * errors, and LOG_LEVEL=debug shows the route table again.
 */
export const STARTUP_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);

/** Structured (JSON) logs, one object per line, with the framework's start-up messages at debug level. */
export class AppLogger extends ConsoleLogger {
  constructor(level: string) {
    super({ json: true, logLevels: nestLogLevels(level) });
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) {
      this.debug(message, ...optionalParams);
      return;
    }
    super.log(message, ...optionalParams);
  }
}
