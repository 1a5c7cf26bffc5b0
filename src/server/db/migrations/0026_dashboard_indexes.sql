CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_company_from_me_created_idx" ON "messages" USING btree ("company_id","from_me","created_at");--> statement-breakpoint
CREATE INDEX "ticket_logs_company_created_idx" ON "ticket_logs" USING btree ("company_id","created_at") WHERE "ticket_logs"."type" = 'create';--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_queued_idx" ON "ticket_tracking" USING btree ("company_id","queued_at");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_started_idx" ON "ticket_tracking" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_closed_idx" ON "ticket_tracking" USING btree ("company_id","closed_at");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_rating_idx" ON "ticket_tracking" USING btree ("company_id","rating_at") WHERE "ticket_tracking"."rating_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_ratings_company_created_idx" ON "user_ratings" USING btree ("company_id","created_at");