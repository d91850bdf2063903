import v8 from 'node:v8';

/**
 * V8 moves objects from allocation sites whose objects mostly outlive a young collection straight
 * into the old generation. During a sign-in flood, requests wait hundreds of milliseconds for a
 * password worker, so the sites that build every request (the HTTP parser, Fastify's request and
 * reply, the request logger) get that treatment, and keep it once the flood is over: each young
 * collection then copies every live request's objects, and pauses grew from 0.5 ms to 5 ms for
 * all traffic afterwards. Set before the server has compiled or allocated much.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
