import type { RoleType } from '@community/shared';

export const SEED_ROLES: { name: string; type: RoleType; description: string }[] = [
  { name: 'Admin', type: 'admin', description: 'Every permission, including routes added later.' },
  { name: 'User', type: 'user', description: 'A member: own profile and notifications.' },
  { name: 'Guest', type: 'guest', description: 'Visitors who are not signed in.' },
];

type SeedMenuEntry = {
  name: string;
  menu: string;
  menu_order: number;
  path: string;
  description: string;
  auth: boolean;
  roles: RoleType[];
};

/**
 * Paths of admin screens are relative to /admin; public ones are site paths, so one path can name
 * both (`/events`): an entry is told by its menu and sign-in as well as its path. Entries that
 * later migrations add are listed too; the seed skips those a migration already made.
 */
export const SEED_CLIENT_PERMISSIONS: SeedMenuEntry[] = [
  {
    name: 'Home',
    menu: 'normal',
    menu_order: 1,
    path: '/',
    description: 'Start page of the back-office',
    auth: true,
    roles: ['user'],
  },
  {
    name: 'About',
    menu: 'normal',
    menu_order: 2,
    path: '/about',
    description: 'Public about page',
    auth: false,
    roles: ['guest'],
  },
  {
    name: 'Events',
    menu: 'normal',
    menu_order: 3,
    path: '/events',
    description: 'Public events page',
    auth: false,
    roles: ['guest'],
  },
  {
    name: 'Contact',
    menu: 'normal',
    menu_order: 4,
    path: '/contact',
    description: 'Public contact page',
    auth: false,
    roles: ['guest'],
  },
  { name: 'Users', menu: 'access', menu_order: 10, path: '/users', description: 'Manage users', auth: true, roles: [] },
  { name: 'Roles', menu: 'access', menu_order: 11, path: '/roles', description: 'Manage roles', auth: true, roles: [] },
  {
    name: 'User Roles',
    menu: 'access',
    menu_order: 12,
    path: '/user-roles',
    description: 'Give users roles',
    auth: true,
    roles: [],
  },
  {
    name: 'Permissions',
    menu: 'access',
    menu_order: 13,
    path: '/permissions',
    description: 'API permissions',
    auth: true,
    roles: [],
  },
  {
    name: 'Client Permissions',
    menu: 'access',
    menu_order: 14,
    path: '/client-permissions',
    description: 'Menu entries',
    auth: true,
    roles: [],
  },
  {
    name: 'User Profiles',
    menu: 'access',
    menu_order: 15,
    path: '/user-profiles',
    description: 'Profiles of every user',
    auth: true,
    roles: [],
  },
  {
    name: 'Invites',
    menu: 'access',
    menu_order: 16,
    path: '/invites',
    description: 'Invite links and approvals',
    auth: true,
    roles: [],
  },
  {
    name: 'Translations',
    menu: 'content',
    menu_order: 20,
    path: '/translations',
    description: 'Texts of the interface',
    auth: true,
    roles: [],
  },
  {
    name: 'Manage events',
    menu: 'content',
    menu_order: 22,
    path: '/events',
    description: 'Events, their publishing and attendees',
    auth: true,
    roles: [],
  },
  {
    name: 'Edit Profile',
    menu: 'account',
    menu_order: 90,
    path: '/account/profile',
    description: 'Your own profile',
    auth: true,
    roles: ['user'],
  },
];
