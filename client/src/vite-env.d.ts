/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** Prepended to every /data path; empty means the same origin. */
  readonly VITE_DATA_DOMAIN?: string;
}
