import { Type } from "typebox";
import { Text } from "./common.ts";

/** The most words (or phrases) in one group of the search vocabulary. */
export const MAX_VOCABULARY_WORDS = 30;
/** The longest word or phrase of the vocabulary. */
export const MAX_VOCABULARY_WORD_LENGTH = 60;

/** A group of the search vocabulary: words and phrases a farmer may type for one thing, in any language. */
export const VocabularyGroupSchema = Type.Object({
  id: Type.Integer(),
  words: Type.Array(Type.String(), { description: 'As staff wrote them: "khad", "खाद", "fertiliser", "spray pump"' }),
});

export const VocabularyGroupsSchema = Type.Array(VocabularyGroupSchema);

/** A group as staff create or replace it: at least two words, each a word or a phrase on one line. */
export const VocabularyGroupBody = Type.Object({
  words: Type.Array(Text({ minLength: 1, maxLength: MAX_VOCABULARY_WORD_LENGTH }), {
    minItems: 2,
    maxItems: MAX_VOCABULARY_WORDS,
    description: "Words or phrases that mean the same to a shopper (a keyword that is one of them finds the others)",
  }),
});
