// The shell's public face: layouts, header pieces and placeholders.
export { AccountLayout, AppShell, PlainLayout, WorkLayout } from './components/layouts';
export { AppHeader, MODULE_TABS, showsGalleryButton } from './components/AppHeader';
export { CreditsRing } from './components/CreditsRing';
export { ACCOUNT_NAV, WORK_NAV, type NavGroup, type NavItem, type WorkNavItem } from './components/navItems';
export { ModulePlaceholder } from './components/ModulePlaceholder';
export { AccountPagePlaceholder } from './components/AccountPagePlaceholder';
export { creditsRing } from './creditsRing';
