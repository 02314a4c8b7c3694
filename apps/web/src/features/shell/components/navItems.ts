import {
  Coins,
  Compass,
  CreditCard,
  Gift,
  GraduationCap,
  LayoutDashboard,
  LayoutGrid,
  LifeBuoy,
  Maximize2,
  MessagesSquare,
  Plug,
  Receipt,
  Settings,
  ShieldCheck,
  Sparkles,
  Star,
  UserRound,
  Users,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { GalleryMode } from '../../gallery';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** The 13 account links of spec §2, grouped. */
export const ACCOUNT_NAV: NavGroup[] = [
  {
    title: 'Account',
    items: [
      { to: '/overview', label: 'Overview', icon: LayoutDashboard },
      { to: '/account-settings', label: 'Account Settings', icon: Settings },
      { to: '/profile-settings', label: 'Profile Settings', icon: UserRound },
      { to: '/team', label: 'Team', icon: Users },
    ],
  },
  {
    title: 'Plan & billing',
    items: [
      { to: '/subscription', label: 'Subscription', icon: CreditCard },
      { to: '/credits', label: 'Buy Extra Credits', icon: Coins },
      { to: '/billing', label: 'Billing', icon: Receipt },
    ],
  },
  {
    title: 'Community & help',
    items: [
      { to: '/refer', label: 'Refer a Friend', icon: Gift },
      { to: '/zone', label: 'Creator Zone', icon: Star },
      { to: '/plugins', label: 'Plugins', icon: Plug },
      { to: '/academy', label: 'Academy', icon: GraduationCap },
      { to: '/linkedin', label: 'LinkedIn Group', icon: MessagesSquare },
      { to: '/support', label: 'Support', icon: LifeBuoy },
    ],
  },
];

/** Shown only to an account with the operator role (the session's user.isOperator). */
export const OPERATOR_NAV: NavGroup = {
  title: 'Operations',
  items: [{ to: '/admin', label: 'Operator console', icon: ShieldCheck }],
};

export interface WorkNavItem extends NavItem {
  /** The gallery mode this entry selects when used inside the gallery. */
  galleryMode?: GalleryMode;
}

/** The work sidebar (spec §2): Explore is public; the others are the modules. */
export const WORK_NAV: WorkNavItem[] = [
  { to: '/explore', label: 'Explore', icon: Compass },
  { to: '/gallery', label: 'Organize', icon: LayoutGrid, galleryMode: 'organize' },
  { to: '/create', label: 'Create', icon: Sparkles, galleryMode: 'create' },
  { to: '/edit', label: 'Tweak', icon: WandSparkles, galleryMode: 'tweak' },
  { to: '/upscale', label: 'Upscale', icon: Maximize2, galleryMode: 'refine' },
];
