import fs from 'node:fs';

/** Each of this process's threads with its nice value (field 19 of /proc/self/task/<tid>/stat). */
export const threads = () =>
  fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return { tid, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });

export const threadNiceness = () => threads().map((thread) => thread.nice);
