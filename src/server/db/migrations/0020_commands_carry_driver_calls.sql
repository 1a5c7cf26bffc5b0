ALTER TABLE "connection_commands" ALTER COLUMN "argument" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "connection_commands" ALTER COLUMN "result" SET DATA TYPE text;