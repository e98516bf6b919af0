CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"secret" text NOT NULL,
	"key_id" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"schema_cache" jsonb,
	"schema_cached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"space_id" uuid NOT NULL,
	"file_id" uuid,
	"user_id" uuid,
	"token_id" uuid,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"worker_id" text,
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	"error" text,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_space_name_idx" ON "connections" USING btree ("space_id","name");--> statement-breakpoint
CREATE INDEX "tasks_claim_idx" ON "tasks" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "tasks_file_idx" ON "tasks" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "tasks_finished_idx" ON "tasks" USING btree ("finished");