/** The public address of a post (/post/:pid). */
export function postPath(pid: number): string {
  return `/post/${pid}`;
}

/** The post id of a /post/:pid address, or null when it cannot be one. */
export function pidOf(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const pid = Number(param);
  return Number.isSafeInteger(pid) ? pid : null;
}
