CREATE INDEX "invites_expires_at_id_idx" ON "invites" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "permissions_name_id_idx" ON "permissions" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "permissions_route_method_idx" ON "permissions" USING btree ("route","method");--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("created_at","id") WHERE "users"."blocked";--> statement-breakpoint
CREATE INDEX "users_unconfirmed_idx" ON "users" USING btree ("created_at","id") WHERE not "users"."confirmed";