/** Profile > Security, where second factors are enrolled; other screens link to it. */
export const SECURITY_PATH = '/account/profile';
export const SECURITY_LINK = `${SECURITY_PATH}#security`;
