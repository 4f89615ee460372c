/** The Plane client's public face: the kit the tools are built on, its errors and the limiter's shutdown. */
export { createPlaneKit, PLANE_OFF_MESSAGE, type PlaneKit, type PlaneKitOptions } from './kit.js';
export { PlaneError } from './errors.js';
export { closeLimiters, type LimiterOptions } from './limiter.js';
export type { PlaneApi } from './api.js';
