/** /rest/v1 — PostgREST-compatible REST. Route binding for the REST area. */
import type { FastifyPluginAsync } from 'fastify';

export const restRoutes: FastifyPluginAsync = async () => {
  // Endpoints are registered here by the REST area (issue 3).
};
