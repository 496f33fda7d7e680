import { jest } from '@jest/globals';
import { AppLogger, logsAt, nestLogLevels } from './logging.js';

function printed(write: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    write();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('LOG_LEVEL', () => {
  it('maps pino names onto Nest levels, an unknown name counting as info', () => {
    expect(nestLogLevels('info')).toEqual(['log', 'warn', 'error', 'fatal']);
    expect(nestLogLevels('debug')).toEqual(['debug', 'log', 'warn', 'error', 'fatal']);
    expect(nestLogLevels('trace')).toEqual(['verbose', 'debug', 'log', 'warn', 'error', 'fatal']);
    expect(nestLogLevels('error')).toEqual(['error', 'fatal']);
    expect(nestLogLevels('silent')).toEqual([]);
    expect(nestLogLevels('loud')).toEqual(nestLogLevels('info'));
    expect(logsAt('info', 'debug')).toBe(false);
    expect(logsAt('debug', 'debug')).toBe(true);
  });

  it("keeps Nest's start-up lines (modules, route table) out of the default level, but not our own or errors", () => {
    const logger = new AppLogger('info');
    const lines = printed(() => {
      logger.log('Mapped {/api/v1/health, GET} route', 'RouterExplorer');
      logger.log('AppModule dependencies initialized', 'InstanceLoader');
      logger.log('Nest application successfully started', 'NestApplication');
      logger.log('Resumed 2 queued e-mail(s)', 'InvoiceEmail');
      logger.error('boom', undefined, 'RoutesResolver');
    });
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['log', 'Resumed 2 queued e-mail(s)'],
      ['error', 'boom'],
    ]);
  });

  it('prints the start-up lines at debug level when LOG_LEVEL=debug', () => {
    const logger = new AppLogger('debug');
    const lines = printed(() => logger.log('Mapped {/api/v1/health, GET} route', 'RouterExplorer'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'debug',
        message: 'Mapped {/api/v1/health, GET} route',
        context: 'RouterExplorer',
      }),
    ]);
  });
});
