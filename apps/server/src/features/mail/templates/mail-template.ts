import type { ReactElement } from 'react';
import type { MailFrame } from './layout.js';

/** A mail drawn from its values in the frame's language: its subject and its body. */
export type MailTemplate<P> = (props: P, frame: MailFrame) => { subject: string; body: ReactElement };
