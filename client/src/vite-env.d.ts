/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** Prepended to every /data path; empty means the same origin. */
  readonly VITE_DATA_DOMAIN?: string;
  /** Used instead of VITE_DATA_DOMAIN when the page is on a test host (`test.*`, `*.test`). */
  readonly VITE_DEV_DATA_DOMAIN?: string;
}
