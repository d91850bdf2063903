import type { Logger } from 'pino';

/** Work finished after the response is sent, awaited on shutdown so nothing is cut off. */
export type BackgroundTasks = {
  run(name: string, work: () => Promise<unknown>): void;
  drain(): Promise<void>;
};

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run: (name, work) => {
      const task = work()
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    drain: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
