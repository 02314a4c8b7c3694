// The support module's public face: the /support contact form, e-mailed to SUPPORT_EMAIL.
export { registerSupportRoutes } from './support.routes.js';
