/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** Prepended to every /data path (spec 7); empty means the same origin. */
  readonly VITE_DATA_DOMAIN?: string;
}
