import { specProblems } from './src/request-rules.ts';
console.log(specProblems('de','createContact',{contact:{name:'x'.repeat(51), contact_type_id:'abc', email:'a@b', main_address:{postcode:'x'.repeat(11)}}},'contact'));
console.log(specProblems('pt','createExpense',{date:'01/02/2026', total:'1.005', bank_account_id:'4'}));
console.log(specProblems('de','createIncome',{income:{date:'2026-01-01', amount:'1', is_tax_included:'yes', source_id:'1', destination_id:'1', payment_method_id:'1'}},'income'));
console.log(specProblems('de','updateBusiness',{business:{}},'business'));
console.log(specProblems('de','createBankAccount',{bank_account:{account_name:'A',account_type_id:'1',iban:'DE89 3704',balance_date:'2026-13-01'}},'bank_account'));
