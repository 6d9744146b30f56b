import { useSearchParams } from 'react-router';
import { useLanguage } from '../../app/language.tsx';
import { propertyTypeOfParam } from '../../../core/search-params.ts';
import { useSession } from '../../lib/session.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { useUnreadMessages } from '../../lib/unread-messages.ts';

export type NavItemKey = 'explore' | 'become-host' | 'my-bookings' | 'hosting' | 'admin';

export interface NavItem {
  key: NavItemKey;
  to: string;
  label: 'nav.explore' | 'nav.becomeHost' | 'nav.myBookings' | 'nav.hosting' | 'nav.admin';
  /** Unread messages waiting behind the item. */
  badge?: number;
}

const explore: NavItem = { key: 'explore', to: '/explore', label: 'nav.explore' };
const becomeHost: NavItem = { key: 'become-host', to: '/become-host', label: 'nav.becomeHost' };
const myBookings: NavItem = { key: 'my-bookings', to: '/my-bookings', label: 'nav.myBookings' };
const hosting: NavItem = { key: 'hosting', to: '/host/bookings', label: 'nav.hosting' };
const admin: NavItem = { key: 'admin', to: '/admin', label: 'nav.admin' };

export interface NavModel {
  items: NavItem[];
  isHome: boolean;
  isProfile: boolean;
}

/**
 * Menu items: on hotel results Explore and My Bookings; otherwise Explore, Become Host,
 * My Bookings and Admin (admins only); hosts (and admins) also get Hosting, their guests' requests.
 * Visitors in prelaunch mode get no menu: every page but the landing would send them back home.
 */
export function useNavModel(): NavModel {
  const { barePath } = useLanguage();
  const [params] = useSearchParams();
  const { user } = useSession();
  const { launchMode } = usePublicSettings();
  const unread = useUnreadMessages();
  const hotel = barePath === '/results' && propertyTypeOfParam(params.get('type')) === 'hotel';

  const bookings = { ...myBookings, badge: unread.asGuest };
  const hosts = user?.role === 'host' || user?.role === 'admin' ? [{ ...hosting, badge: unread.asHost }] : [];
  let items: NavItem[];
  if (!user && launchMode === 'prelaunch') items = [];
  else if (hotel) items = [explore, bookings, ...hosts];
  else items = [explore, becomeHost, bookings, ...hosts, ...(user?.role === 'admin' ? [admin] : [])];

  return { items, isHome: barePath === '/', isProfile: barePath === '/profile' };
}
