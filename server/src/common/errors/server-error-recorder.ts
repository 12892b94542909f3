/**
 * Where an unexpected server failure is recorded for the admins' error log. The error log answers
 * (ErrorLog, bound to this class in ErrorLogModule); plumbing that catches failures, such as the
 * socket event handlers, names this rather than the error log, which sits above it.
 */
export abstract class ServerErrorRecorder {
  /** Records the failure of `method` (an HTTP method, or SOCKET) on `url` (a path, or an event name). */
  abstract recordServerError(error: unknown, method: string, url: string): void;
}
