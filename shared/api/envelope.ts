/** One user-facing error item of the /data envelope (spec 7, 8). */
export interface ApiError {
  heading: string;
  message: string;
  link?: string;
}

/** Every /data answer has this shape, success or failure. */
export interface Envelope<T> {
  data: T | null;
  errors: ApiError[];
  maintenance: boolean;
}
