/** The Plane client's public face: the kit the tools are built on and the limiter's shutdown. */
export { createPlaneKit, type PlaneKit } from './kit.js';
export { closeLimiters } from './limiter.js';
