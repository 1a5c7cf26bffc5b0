import { z } from 'zod';
import { schedulesSchema } from '../schedules';
import { defineRoute, idParam } from './contract';

/** A company's service hours (defaults until saved) and the time zone they are read in. */
export const companySchedulesSchema = z.object({
  schedules: schedulesSchema,
  timezone: z.string(),
});
export type CompanySchedules = z.output<typeof companySchedulesSchema>;

export const companiesRoutes = {
  // The spec shows no read call for the schedules tab; this one answers what PUT saved.
  schedules: defineRoute({
    method: 'GET',
    path: '/companies/:id/schedules',
    access: 'admin',
    params: idParam,
    response: companySchedulesSchema,
  }),
  // 2-administration §7: PUT /companies/{id}/schedules with schedules.
  updateSchedules: defineRoute({
    method: 'PUT',
    path: '/companies/:id/schedules',
    access: 'admin',
    params: idParam,
    body: z.object({ schedules: schedulesSchema }),
    response: companySchedulesSchema,
  }),
};
