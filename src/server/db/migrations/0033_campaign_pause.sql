ALTER TABLE "campaigns" ADD COLUMN "pause_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "resumes_at" timestamp with time zone;