import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DetailSchema,
  ErrorBody,
  IdParams,
  VocabularyGroupBody,
  VocabularyGroupSchema,
  VocabularyGroupsSchema,
} from "@krishi/contract/schemas";
import { valueOr } from "../../lib/result.ts";
import { vocabularyRefusal } from "./failures.ts";
import type { VocabularyService } from "./vocabulary.ts";

const tags = ["vocabulary"];
const errors = { 401: ErrorBody, 403: ErrorBody };

/** Staff: the search vocabulary, group by group; the staff scope guards these. */
export const vocabularyStaffRoutes: FastifyPluginAsyncTypebox<{ vocabulary: VocabularyService }> = async (app, { vocabulary }) => {
  app.get(
    "/staff/vocabulary/",
    {
      schema: {
        operationId: "listVocabularyGroups",
        tags,
        summary: "The search vocabulary: groups of words that find one another's products",
        response: { 200: VocabularyGroupsSchema, ...errors },
      },
    },
    () => vocabulary.groups(),
  );

  app.post(
    "/staff/vocabulary/",
    {
      schema: {
        operationId: "createVocabularyGroup",
        tags,
        summary: "Add a group of words (searches use it at once)",
        body: VocabularyGroupBody,
        response: { 201: VocabularyGroupSchema, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return valueOr(await vocabulary.create(request.body), vocabularyRefusal);
    },
  );

  app.put(
    "/staff/vocabulary/:id/",
    {
      schema: {
        operationId: "updateVocabularyGroup",
        tags,
        summary: "Replace a group's words (searches use them at once)",
        params: IdParams,
        body: VocabularyGroupBody,
        response: { 200: VocabularyGroupSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => valueOr(await vocabulary.update(request.params.id, request.body), vocabularyRefusal),
  );

  app.delete(
    "/staff/vocabulary/:id/",
    {
      schema: {
        operationId: "deleteVocabularyGroup",
        tags,
        summary: "Remove a group of words",
        params: IdParams,
        response: { 200: DetailSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      valueOr(await vocabulary.remove(request.params.id), vocabularyRefusal);
      return { detail: "Vocabulary group removed." };
    },
  );
};
