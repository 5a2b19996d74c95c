import { z } from 'zod';
import { permissions, roles } from './permission-values.js';

export const permissionSchema = z.enum(permissions);
export const roleSchema = z.enum(roles);
