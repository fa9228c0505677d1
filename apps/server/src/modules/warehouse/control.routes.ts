import {
  CONTROL_PHOTO_MAX_BYTES,
  CompleteControlRequest,
  CompleteControlResponse,
  ControlEstimateRequest,
  ControlEstimateResponse,
  ControlPhotoParams,
  ControlPhotoResponse,
  ControlQuarantineRequest,
  ControlSpecificationResponse,
  IdParams,
  ItemResponse,
  StartControlRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { readUploadedFile } from '../accounts';
import { sendImage } from '../catalog';
import * as control from './control.service';

const tags = ['warehouse control'];
const CONTROL = 'buyback_item.control' as const;

/** The warehouse control (homologation): start, specification, estimate, completion, photos, quarantine. */
export function registerControlRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/warehouse/control/start',
    {
      config: { permission: CONTROL },
      schema: { tags, body: StartControlRequest, response: { 200: ItemResponse } },
    },
    async (request) => control.startControl(contextOf(request, deps), request.body.code),
  );

  app.get(
    '/warehouse/control/:id',
    {
      config: { permission: CONTROL },
      schema: { tags, params: IdParams, response: { 200: ControlSpecificationResponse } },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return control.getControlSpecification(contextOf(request, deps), request.params.id);
    },
  );

  app.post(
    '/warehouse/control/:id/estimate',
    {
      config: { permission: CONTROL },
      schema: {
        tags,
        params: IdParams,
        body: ControlEstimateRequest,
        response: { 200: ControlEstimateResponse },
      },
    },
    async (request) =>
      control.estimateControl(contextOf(request, deps), request.params.id, request.body.answers),
  );

  app.post(
    '/warehouse/control/:id/complete',
    {
      config: { permission: CONTROL },
      schema: {
        tags,
        params: IdParams,
        body: CompleteControlRequest,
        response: { 200: CompleteControlResponse },
      },
    },
    async (request) => control.completeControl(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/warehouse/control/:id/photos',
    {
      config: { permission: CONTROL },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: ControlPhotoResponse },
      },
    },
    async (request, reply) => {
      const data = await readUploadedFile(request, CONTROL_PHOTO_MAX_BYTES);
      return reply
        .code(201)
        .send(await control.uploadControlPhoto(contextOf(request, deps), request.params.id, data));
    },
  );

  // the retailer reads the proof photos of its buyback's counter-offer too
  app.get(
    '/warehouse/control/:id/photos/:key',
    {
      config: { permission: [CONTROL, 'buyback.detail'] },
      schema: {
        tags,
        params: ControlPhotoParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        await control.readControlPhoto(contextOf(request, deps), request.params.id, request.params.key),
      ),
  );

  app.post(
    '/warehouse/control/:id/quarantine',
    {
      config: { permission: CONTROL },
      schema: { tags, params: IdParams, body: ControlQuarantineRequest, response: { 200: ItemResponse } },
    },
    async (request) =>
      control.quarantineFromControl(contextOf(request, deps), request.params.id, request.body),
  );
}
