// The job the password pools run, for pools that take a module (piscina, tinypool).
const argon2 = require('@node-rs/argon2');

module.exports = (job) =>
  job.op === 'hash' ? argon2.hashSync(job.password, job.options) : argon2.verifySync(job.hash, job.password);
