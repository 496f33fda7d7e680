import { BadRequestException } from '@nestjs/common';

export interface FieldProblem {
  field: string;
  message: string;
}

export const INVALID_GRID_REQUEST = 'Invalid grid request';

/** Collects every problem of a request so the client sees them all at once. */
export class GridProblems {
  readonly list: FieldProblem[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw invalidGridRequest(this.list);
  }
}

export function invalidGridRequest(details: FieldProblem[]): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: INVALID_GRID_REQUEST, details });
}
