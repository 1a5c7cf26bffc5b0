CREATE TABLE "company_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"occurrence" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"ticket_id" integer,
	"message_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"body" text NOT NULL,
	"contact_id" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"next_send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"error" text,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"media_path" text,
	"media_name" text,
	"whatsapp_id" integer,
	"user_id" integer,
	"ticket_user_id" integer,
	"queue_id" integer,
	"open_ticket" boolean DEFAULT false NOT NULL,
	"status_ticket" varchar(10) DEFAULT 'closed' NOT NULL,
	"intervalo" integer DEFAULT 1 NOT NULL,
	"valor_intervalo" integer DEFAULT 0 NOT NULL,
	"enviar_quantas_vezes" integer DEFAULT 1 NOT NULL,
	"tipo_dias" integer DEFAULT 4 NOT NULL,
	"assinar" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_holidays" ADD CONSTRAINT "company_holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_user_id_users_id_fk" FOREIGN KEY ("ticket_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_holidays_date_unique" ON "company_holidays" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_sends_occurrence_unique" ON "schedule_sends" USING btree ("schedule_id","occurrence");--> statement-breakpoint
CREATE INDEX "schedules_company_idx" ON "schedules" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "schedules" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "schedules_next_idx" ON "schedules" USING btree ("company_id","next_send_at");