import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config.js';
import { chooseLogFormat, type LogFormat } from '../../config/log-format.js';

/**
 * Fields the readable format leaves out: the machine's (pid, hostname), those it folds into the
 * message line (Nest's context, an error's stack trace), and those a request line's message
 * already says (method, url, status).
 */
const PRETTY_HIDDEN_FIELDS = 'pid,hostname,context,trace,method,url,status';

/** `[context] message`, then the stack trace indented below it: what a person reads first comes first. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
  const trace = typeof log.trace === 'string' ? `\n    ${log.trace.replace(/\n/g, '\n    ')}` : '';
  return `${context}${String(log[messageKey])}${trace}`;
}

/**
 * The app's one pino logger, writing to `destination` (stdout by default) as JSON lines or as
 * readable lines. The readable stream writes synchronously, so nothing is lost when the process
 * exits right after an error; it is meant for a terminal, not for a busy production log.
 */
export function createLogger(options: { level: string; format: LogFormat }, destination?: DestinationStream): Logger {
  if (options.format === 'json')
    return destination ? pino({ level: options.level }, destination) : pino({ level: options.level });
  const readable = pretty({
    destination: destination ?? 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: PRETTY_HIDDEN_FIELDS,
    singleLine: true,
    messageFormat: readableMessage,
  });
  return pino({ level: options.level }, readable);
}

/** The logger for the process: the configured level, the format LOG_FORMAT asks for or stdout suggests. */
export function createAppLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): Logger {
  return createLogger({ level: config.logLevel, format: chooseLogFormat(config.logFormat, process.stdout.isTTY) });
}
