import { useSearchParams } from 'react-router';
import { useLanguage } from '../../app/language.tsx';
import { propertyTypeOfParam } from '../../../core/search-params.ts';
import { useSession } from '../../lib/session.ts';
import { usePublicSettings } from '../../lib/settings.ts';

export type NavItemKey = 'explore' | 'become-host' | 'my-bookings' | 'admin';

export interface NavItem {
  key: NavItemKey;
  to: string;
  label: 'nav.explore' | 'nav.becomeHost' | 'nav.myBookings' | 'nav.admin';
}

const explore: NavItem = { key: 'explore', to: '/explore', label: 'nav.explore' };
const becomeHost: NavItem = { key: 'become-host', to: '/become-host', label: 'nav.becomeHost' };
const myBookings: NavItem = { key: 'my-bookings', to: '/my-bookings', label: 'nav.myBookings' };
const admin: NavItem = { key: 'admin', to: '/admin', label: 'nav.admin' };

export interface NavModel {
  items: NavItem[];
  isHome: boolean;
  isProfile: boolean;
}

/**
 * Menu items (spec §2): on hotel results Explore and My Bookings; otherwise Explore, Become Host,
 * My Bookings and Admin (admins only). Visitors in prelaunch mode get no menu: every page but the
 * landing would send them back home.
 */
export function useNavModel(): NavModel {
  const { barePath } = useLanguage();
  const [params] = useSearchParams();
  const { user } = useSession();
  const { launchMode } = usePublicSettings();
  const hotel = barePath === '/results' && propertyTypeOfParam(params.get('type')) === 'hotel';

  let items: NavItem[];
  if (!user && launchMode === 'prelaunch') items = [];
  else if (hotel) items = [explore, myBookings];
  else items = [explore, becomeHost, myBookings, ...(user?.role === 'admin' ? [admin] : [])];

  return { items, isHome: barePath === '/', isProfile: barePath === '/profile' };
}
