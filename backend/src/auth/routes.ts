/** /auth/v1 — GoTrue-compatible authentication. Route binding for the auth area. */
import type { FastifyPluginAsync } from 'fastify';

export const authRoutes: FastifyPluginAsync = async () => {
  // Endpoints are registered here by the auth area (issue 4).
};
