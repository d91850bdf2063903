import {
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_FIRST_YEAR,
  EVENT_MAX_DAYS,
  EVENT_PLACE_MAX,
  EVENT_TITLE_MAX,
  eventLastYear,
  localizeMessage,
  messages,
  type EventBody,
  type Language,
} from '@community/shared';

type Field = keyof EventBody;

const textSentences = (label: string, max: number) => [
  messages.required(label),
  messages.notText(label),
  messages.tooLong(label, max),
];
const timeSentences = (label: string) => [
  messages.required(label),
  messages.eventDateFormat(label),
  messages.eventTimeNeeded(label),
  messages.eventYearRange(label, EVENT_FIRST_YEAR, eventLastYear()),
];

/** Stands in for a number the server fills in, such as how many members are going. */
const ANY = '\u0000';

/** The sentences the API answers about each field of an event, in English; `ANY` matches any number. */
const sentencesOf = (): [Field, string[]][] => [
  ['title', textSentences('Title', EVENT_TITLE_MAX)],
  ['startsLocal', timeSentences('Start')],
  ['endsLocal', [...timeSentences('End'), messages.eventEndBeforeStart, messages.eventTooLong(EVENT_MAX_DAYS)]],
  ['place', textSentences('Place', EVENT_PLACE_MAX)],
  ['description', textSentences('Description', EVENT_DESCRIPTION_MAX)],
  ['capacity', [messages.eventCapacity(EVENT_CAPACITY_MAX), messages.eventCapacityBelowGoing(ANY)]],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `sentence` is `english` in `language`, any number standing where `ANY` is. */
function isSentence(sentence: string, english: string, language: Language): boolean {
  const localized = localizeMessage(english, language);
  if (!localized.includes(ANY)) return localized === sentence;
  return new RegExp(`^${localized.split(ANY).map(escape).join('\\d+')}$`).test(sentence);
}

/**
 * The field a refused save's sentence is about, so the form shows it beside that field: the API
 * answers `{ error }` in the reader's language, one of the sentences its schema gives.
 */
export function eventFieldOf(sentence: string, language: Language): Field | undefined {
  return sentencesOf().find(([, sentences]) =>
    sentences.some((english) => isSentence(sentence, english, language)),
  )?.[0];
}
