// The job the password pools run, for pools that take a module (piscina, tinypool).
import argon2 from '@node-rs/argon2';

export default (job) =>
  job.op === 'hash' ? argon2.hashSync(job.password, job.options) : argon2.verifySync(job.hash, job.password);
