import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { websiteAtom } from '../website/websiteAtom.js';

export function usePageTitle(title: string): void {
  const siteName = useAtomValue(websiteAtom)?.name ?? 'Surfex';
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
