import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { FileGrievanceBody, GrievanceFiled } from '../../../../common/schemas/grievances';
import { api } from '../../../lib/api-client';

/** `POST /api/grievances`: 201 with the ticket number. */
export function fileGrievance(body: FileGrievanceBody): Promise<GrievanceFiled> {
  return api.post<GrievanceFiled>(API.grievances.file, body);
}

export function useFileGrievance() {
  return useMutation({ mutationFn: fileGrievance });
}
