/** The shape of schema/replay9.fbs as plain data (see src/trace/generated/schema-spec.ts). */

export type Scalar = 'int' | 'uint' | 'float' | 'ubyte' | 'bool';

export interface StructField {
  name: string;
  offset: number;
  type: Scalar | { struct: string };
  r9?: string;
}
export interface StructDef {
  name: string;
  size: number;
  fields: StructField[];
}
export type FieldType =
  | { kind: 'scalar'; scalar: Scalar }
  | { kind: 'string' }
  | { kind: 'bytes' }
  | { kind: 'struct'; struct: string }
  | { kind: 'structs'; struct: string }
  | { kind: 'tables'; table: string }
  | { kind: 'union'; union: string };
export interface TableField {
  name: string;
  /** vtable slot; a union takes two (type, then value) and names the value slot. */
  slot: number;
  type: FieldType;
  r9?: string;
}
export interface TableDef {
  name: string;
  r9?: string;
  fields: TableField[];
}
export interface SchemaDef {
  namespace: string;
  structs: StructDef[];
  tables: TableDef[];
  unions: Array<{ name: string; members: string[] }>;
  rootType: string;
}

