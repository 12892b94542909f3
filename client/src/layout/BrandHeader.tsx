import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { LOGO_HEIGHT_PX } from '@shared/constants/layout.js';
import logoUrl from '../assets/logo.svg';
import { websiteAtom } from '../website/websiteAtom.js';

/** The logo, 45 px high with no padding. */
export function BrandHeader({ to }: { to: string }) {
  const name = useAtomValue(websiteAtom)?.name ?? 'Surfex';
  return (
    <Link to={to} className="brand" aria-label={`${name} home`}>
      <img src={logoUrl} alt="" height={LOGO_HEIGHT_PX} className="brand-logo" />
    </Link>
  );
}
