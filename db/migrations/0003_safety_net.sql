CREATE TABLE "checkpoints" (
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkpoints_file_id_name_pk" PRIMARY KEY("file_id","name")
);
--> statement-breakpoint
CREATE TABLE "sheet_history" (
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sheet_id" uuid NOT NULL,
	"name" text,
	"position" integer,
	"meta" jsonb,
	CONSTRAINT "sheet_history_file_id_sheet_id_version_pk" PRIMARY KEY("file_id","sheet_id","version")
);
--> statement-breakpoint
CREATE TABLE "tile_history" (
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sheet_id" uuid NOT NULL,
	"tr" integer NOT NULL,
	"tc" integer NOT NULL,
	"r0" smallint,
	"r1" smallint,
	"c0" smallint,
	"c1" smallint,
	"data" text,
	CONSTRAINT "tile_history_file_id_sheet_id_tr_tc_version_pk" PRIMARY KEY("file_id","sheet_id","tr","tc","version")
);
--> statement-breakpoint
CREATE TABLE "version_history" (
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"styles" jsonb,
	CONSTRAINT "version_history_file_id_version_pk" PRIMARY KEY("file_id","version")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_history" ADD CONSTRAINT "sheet_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_history" ADD CONSTRAINT "tile_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_history" ADD CONSTRAINT "version_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_deleted_idx" ON "files" USING btree ("deleted_at");