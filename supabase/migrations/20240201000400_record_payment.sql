-- App: record_payment() — how the app records a pending payment (PayPal redirect, Give40 donation).
-- SECURITY DEFINER so a visitor gets the recorded row back without being able to read payments.
-- Only pending paypal payments; the owner is the caller (null for a visitor). Forward-only; safe to re-run.

create or replace function public.record_payment(
  p_amount numeric,
  p_payment_method text,
  p_status text,
  p_description text default null,
  p_metadata jsonb default '{}'::jsonb
) returns public.payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if p_amount is null or p_payment_method is null or p_status is null then
    raise exception 'Invalid payment data: amount, paymentMethod, and status are required' using errcode = '22023';
  end if;
  if p_status <> 'pending' then
    raise exception 'Only pending payments can be recorded' using errcode = '22023';
  end if;
  if p_payment_method <> 'paypal' then
    raise exception 'Unsupported payment method: only paypal is accepted' using errcode = '22023';
  end if;
  if p_amount <= 0 or p_amount > 100000 then
    raise exception 'Payment amount must be greater than 0 and at most 100000' using errcode = '22023';
  end if;
  if p_metadata is not null and jsonb_typeof(p_metadata) <> 'object' then
    raise exception 'Payment metadata must be a JSON object' using errcode = '22023';
  end if;
  insert into public.payments (amount, status, payment_method, description, user_id, metadata)
  values (p_amount, 'pending', 'paypal', p_description, auth.uid(), coalesce(p_metadata, '{}'::jsonb))
  returning * into v_payment;
  return v_payment;
end
$$;
comment on function public.record_payment(numeric, text, text, text, jsonb) is
  'Records a pending paypal payment for the caller (null user for a visitor) and returns the row.';
revoke all on function public.record_payment(numeric, text, text, text, jsonb) from public;
grant execute on function public.record_payment(numeric, text, text, text, jsonb) to anon, authenticated, service_role;
