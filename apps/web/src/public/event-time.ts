import {
  formatEventStart as start,
  formatEventWhen as when,
  groupByMonth as byMonth,
  startBadge as badge,
} from '@community/shared';
import { PUBLIC_LANGUAGE } from './texts';

type Times = Parameters<typeof when>[0];

/** The shared event times in words (the server's page heads use the same), in the site's language. */
export const formatEventWhen = (event: Times) => when(event, PUBLIC_LANGUAGE);
export const formatEventStart = (event: Times) => start(event, PUBLIC_LANGUAGE);
export const startBadge = (event: Times) => badge(event, PUBLIC_LANGUAGE);
export const groupByMonth = <T extends Parameters<typeof byMonth>[0][number]>(events: T[]) =>
  byMonth(events, PUBLIC_LANGUAGE);
