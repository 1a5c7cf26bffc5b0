CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
DROP INDEX "tickets_contact_whatsapp_idx";--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_ticket_unread_idx" ON "messages" USING btree ("ticket_id") WHERE "messages"."read" = false and "messages"."from_me" = false;--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at","queue_id","user_id","is_group","id");--> statement-breakpoint
CREATE INDEX "tickets_contact_whatsapp_idx" ON "tickets" USING btree ("contact_id","whatsapp_id","updated_at","company_id","status","queue_id","user_id","is_group","id");