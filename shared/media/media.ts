/** Media/avatar object: where a stored picture lives. */
export interface MediaObject {
  /** Base path, e.g. `/media/avatars/`. */
  base: string;
  id: string | null;
  /** Size or version marker appended to the id, e.g. `128` or `v3`. */
  size?: string;
  ext: string;
}
