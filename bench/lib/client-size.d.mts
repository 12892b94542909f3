export interface ClientFile {
  src: string;
  kind?: string;
  external?: boolean;
  bytes?: number | null;
  gzipBytes: number | null;
}

export function initialJavaScript(clientDir?: string): {
  files: ClientFile[];
  bytes: number;
  gzipBytes: number;
  external: string[];
};

export function pageJavaScript(
  screen: string,
  clientDir?: string,
): { initialGzipBytes: number; screenFiles: ClientFile[]; screenGzipBytes: number; gzipBytes: number };
