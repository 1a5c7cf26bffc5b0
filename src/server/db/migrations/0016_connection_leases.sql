CREATE TABLE "connection_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"argument" varchar(40),
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"result" varchar(100),
	"error" varchar(100),
	"error_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_leases" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"owner" varchar(200) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_commands" ADD CONSTRAINT "connection_commands_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_leases" ADD CONSTRAINT "connection_leases_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_commands_pending_idx" ON "connection_commands" USING btree ("whatsapp_id") WHERE "connection_commands"."state" = 'pending';