/** Paths of the API as the spec names them; the server registers them and the web calls them. */
export const apiRoutes = {
  login: '/api/auth/login',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  google: '/api/auth/google',
  userCategories: '/api/auth/user-categories',
  reinitiatePermissions: '/api/auth/reinitiate-permissions/',
  myProfile: '/api/auth/my-profile',
  userProfiles: '/api/auth/user-profiles',
  profileImage: '/api/upload/profile-image',
  images: '/api/upload/images',
  users: '/api/auth/users',
  roles: '/api/auth/roles',
  permissions: '/api/auth/permissions',
  clientPermissions: '/api/auth/client-permissions',
  userRoles: '/api/auth/user-roles',
} as const;
