/** Second factors and sessions; the screen an administrator who must enrol is sent to. */
export const SECURITY_PATH = '/account/security';
