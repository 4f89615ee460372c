/** The Plane client's public face: the kit the tools are built on and the limiters it paces with. */
export { createPlaneKit, type PlaneKit } from './kit.js';
export { PlaneLimiters, type PlaneRate } from './limiter.js';
export { withPlaneWaitPolicy, type PlaneMeter, type PlaneWaitPolicy } from './http.js';
export { withPlaneCredential, type PlaneCredential } from './credential.js';
