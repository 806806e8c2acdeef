// Generated from openapi/dist/{de,pt}.json by scripts/generate-tool-schemas.ts; do not edit.
// Regenerate: pnpm --filter @acctkit/mcp-server generate (test/tool-schemas.node.test.ts fails on drift).
import type { JsonSchema } from '../json-schema.js';

/** Input schemas of the request bodies the tools take, by spec schema name, per variant. */
export const BODY_SCHEMAS: Readonly<Record<'ContactCreate' | 'ContactUpdate' | 'ExpenseCreate' | 'ExpenseUpdate' | 'IncomeCreate', Readonly<Record<'de' | 'pt', JsonSchema>>>> = {
  "ContactCreate": {
    "de": {
      "type": "object",
      "properties": {
        "contact_type_id": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customer, 2 supplier."
        },
        "company": {
          "type": "string",
          "maxLength": 50,
          "description": "Company."
        },
        "name": {
          "type": "string",
          "maxLength": 50,
          "description": "Name."
        },
        "account_number": {
          "type": "integer",
          "description": "Debtor or creditor number."
        },
        "email": {
          "type": "string",
          "maxLength": 100,
          "format": "email",
          "description": "Email."
        },
        "mobile": {
          "type": "string",
          "maxLength": 50,
          "description": "Mobile."
        },
        "telephone": {
          "type": "string",
          "maxLength": 50,
          "description": "Telephone."
        },
        "notes": {
          "type": "string",
          "maxLength": 500,
          "description": "Notes."
        },
        "tax_authentication_number": {
          "type": "string",
          "description": "Tax-office number."
        },
        "tax_eligible": {
          "type": "boolean",
          "description": "Tax eligible."
        },
        "tax_number": {
          "type": "string",
          "maxLength": 14,
          "description": "VAT number."
        },
        "tax_rate_id": {
          "type": "integer",
          "description": "Effect undocumented."
        },
        "main_address": {
          "type": "object",
          "properties": {
            "line_1": {
              "type": "string",
              "maxLength": 50,
              "description": "Street (returned as `street_one`)."
            },
            "line_2": {
              "type": "string",
              "maxLength": 50,
              "description": "Second line (returned as `street_two`)."
            },
            "line_3": {
              "type": "string",
              "maxLength": 50,
              "description": "Undocumented; prefer `town`."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "maxLength": 10,
              "description": "Postcode."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Main address."
        },
        "delivery_address": {
          "type": "object",
          "properties": {
            "line_1": {
              "type": "string",
              "maxLength": 50,
              "description": "Street (returned as `street_one`)."
            },
            "line_2": {
              "type": "string",
              "maxLength": 50,
              "description": "Second line (returned as `street_two`)."
            },
            "line_3": {
              "type": "string",
              "maxLength": 50,
              "description": "Undocumented; prefer `town`."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "maxLength": 10,
              "description": "Postcode."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Delivery address."
        }
      },
      "required": [
        "contact_type_id"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/contacts` (Variant A), sent as `contact[<field>]` and `contact[main_address][<field>]`. At least one of `name` or `company` must be supplied."
    },
    "pt": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string",
          "maxLength": 50,
          "description": "Name."
        },
        "company_name": {
          "type": "string",
          "maxLength": 50,
          "description": "Company name (returned as `company`)."
        },
        "contact_type_id": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customer, 2 supplier."
        },
        "email": {
          "type": "string",
          "maxLength": 100,
          "format": "email",
          "description": "Email."
        },
        "telephone": {
          "type": "string",
          "maxLength": 50,
          "description": "Telephone."
        },
        "mobile": {
          "type": "string",
          "maxLength": 50,
          "description": "Mobile."
        },
        "notes": {
          "type": "string",
          "maxLength": 500,
          "description": "Notes."
        },
        "tax_number": {
          "type": "string",
          "description": "Tax or VAT number."
        },
        "main_address": {
          "type": "object",
          "properties": {
            "street_one": {
              "type": "string",
              "maxLength": 50,
              "description": "Street one."
            },
            "street_two": {
              "type": "string",
              "maxLength": 50,
              "description": "Street two."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "description": "`0000-000` in Portugal."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Main address."
        },
        "delivery_address": {
          "type": "object",
          "properties": {
            "street_one": {
              "type": "string",
              "maxLength": 50,
              "description": "Street one."
            },
            "street_two": {
              "type": "string",
              "maxLength": 50,
              "description": "Street two."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "description": "`0000-000` in Portugal."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Delivery address."
        },
        "withholding_tax_id": {
          "type": "string",
          "description": "Withholding tax id."
        }
      },
      "required": [
        "contact_type_id",
        "name"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/contacts` (Variant B), sent as `contact[<field>]` and `contact[main_address][<field>]`. The company name is sent as `company_name` (the parameter table), not `company` (the interface's example)."
    }
  },
  "ContactUpdate": {
    "de": {
      "type": "object",
      "properties": {
        "contact_type_id": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customer, 2 supplier."
        },
        "company": {
          "type": "string",
          "maxLength": 50,
          "description": "Company."
        },
        "name": {
          "type": "string",
          "maxLength": 50,
          "description": "Name."
        },
        "email": {
          "type": "string",
          "maxLength": 100,
          "format": "email",
          "description": "Email."
        },
        "mobile": {
          "type": "string",
          "maxLength": 50,
          "description": "Mobile."
        },
        "telephone": {
          "type": "string",
          "maxLength": 50,
          "description": "Telephone."
        },
        "notes": {
          "type": "string",
          "maxLength": 500,
          "description": "Notes."
        },
        "tax_number": {
          "type": "string",
          "maxLength": 14,
          "description": "VAT number."
        },
        "tax_rate_id": {
          "type": "integer",
          "description": "Effect undocumented."
        },
        "main_address": {
          "type": "object",
          "properties": {
            "line_1": {
              "type": "string",
              "maxLength": 50,
              "description": "Street (returned as `street_one`)."
            },
            "line_2": {
              "type": "string",
              "maxLength": 50,
              "description": "Second line (returned as `street_two`)."
            },
            "line_3": {
              "type": "string",
              "maxLength": 50,
              "description": "Undocumented; prefer `town`."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "maxLength": 10,
              "description": "Postcode."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Main address."
        },
        "delivery_address": {
          "type": "object",
          "properties": {
            "line_1": {
              "type": "string",
              "maxLength": 50,
              "description": "Street (returned as `street_one`)."
            },
            "line_2": {
              "type": "string",
              "maxLength": 50,
              "description": "Second line (returned as `street_two`)."
            },
            "line_3": {
              "type": "string",
              "maxLength": 50,
              "description": "Undocumented; prefer `town`."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "maxLength": 10,
              "description": "Postcode."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Delivery address."
        }
      },
      "minProperties": 1,
      "additionalProperties": false,
      "description": "Fields of `PUT /accounts/v2/contacts/{id}` (Variant A). Only the fields sent are changed. `account_number`, `tax_authentication_number` and `tax_eligible` can only be set on create."
    },
    "pt": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string",
          "maxLength": 50,
          "description": "Name."
        },
        "company_name": {
          "type": "string",
          "maxLength": 50,
          "description": "Company name (returned as `company`)."
        },
        "contact_type_id": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customer, 2 supplier."
        },
        "email": {
          "type": "string",
          "maxLength": 100,
          "format": "email",
          "description": "Email."
        },
        "telephone": {
          "type": "string",
          "maxLength": 50,
          "description": "Telephone."
        },
        "mobile": {
          "type": "string",
          "maxLength": 50,
          "description": "Mobile."
        },
        "notes": {
          "type": "string",
          "maxLength": 500,
          "description": "Notes."
        },
        "tax_number": {
          "type": "string",
          "description": "Tax or VAT number."
        },
        "main_address": {
          "type": "object",
          "properties": {
            "street_one": {
              "type": "string",
              "maxLength": 50,
              "description": "Street one."
            },
            "street_two": {
              "type": "string",
              "maxLength": 50,
              "description": "Street two."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "description": "`0000-000` in Portugal."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Main address."
        },
        "delivery_address": {
          "type": "object",
          "properties": {
            "street_one": {
              "type": "string",
              "maxLength": 50,
              "description": "Street one."
            },
            "street_two": {
              "type": "string",
              "maxLength": 50,
              "description": "Street two."
            },
            "town": {
              "type": "string",
              "maxLength": 50,
              "description": "Town."
            },
            "county": {
              "type": "string",
              "maxLength": 50,
              "description": "County."
            },
            "postcode": {
              "type": "string",
              "description": "`0000-000` in Portugal."
            },
            "country_id": {
              "type": "integer",
              "description": "Country id (list_reference kind 'countries')."
            }
          },
          "additionalProperties": false,
          "description": "Delivery address."
        },
        "withholding_tax_id": {
          "type": "string",
          "description": "Withholding tax id."
        }
      },
      "minProperties": 1,
      "additionalProperties": false,
      "description": "Fields of `PUT /accounts/v2/contacts/{id}` (Variant B). Only the fields sent are changed. The company name is sent as `company_name`."
    }
  },
  "ExpenseCreate": {
    "de": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "contact_id": {
          "type": "integer",
          "description": "The supplier's contact id (list_contacts)."
        },
        "bank_account_id": {
          "type": "integer",
          "description": "Bank account id (list_bank_accounts)."
        },
        "ledger_account_id": {
          "type": "integer",
          "description": "Expense type id (list_reference kind 'expense_types')."
        },
        "tax_rate_id": {
          "type": "integer",
          "description": "Tax rate id."
        },
        "reference": {
          "type": "string",
          "description": "Reference."
        },
        "total": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Net total."
        },
        "vat_value": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "VAT amount; computed from `tax_rate_id` when omitted."
        }
      },
      "required": [
        "date",
        "bank_account_id",
        "ledger_account_id",
        "total"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/expenses` (Variant A), sent as `expense[<field>]`. Inferred from the expense record's fields (not shown by the interface). Creates an expense with one line item."
    },
    "pt": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "total": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Expense total."
        },
        "bank_account_id": {
          "type": "integer",
          "description": "Bank account id (list_bank_accounts)."
        },
        "ledger_account_id": {
          "type": "integer",
          "description": "Expense type id (list_reference kind 'expense_types')."
        },
        "payment_method_id": {
          "type": "integer",
          "description": "1 bank transfer, 2 cash, 3 card, 4 cheque."
        }
      },
      "required": [
        "date",
        "total",
        "bank_account_id",
        "ledger_account_id"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/expenses` (Variant B). These keys are flat, NOT wrapped in `expense[...]`: the body is `date=...&total=...&bank_account_id=...`."
    }
  },
  "ExpenseUpdate": {
    "de": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "contact_id": {
          "type": "integer",
          "description": "Contact id (list_contacts)."
        },
        "bank_account_id": {
          "type": "integer",
          "description": "Bank account id (list_bank_accounts)."
        },
        "ledger_account_id": {
          "type": "integer",
          "description": "Ledger account id (list_reference kind 'expense_types')."
        },
        "tax_rate_id": {
          "type": "integer",
          "description": "Tax rate id."
        },
        "reference": {
          "type": "string",
          "description": "Reference."
        },
        "total": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Decimal string."
        },
        "vat_value": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Decimal string."
        }
      },
      "minProperties": 1,
      "additionalProperties": false,
      "description": "Fields of `PUT /accounts/v2/expenses/{id}` (Variant A), sent as `expense[<field>]`. Inferred (not shown by the interface). Only the fields sent are changed; only expenses with one line item can be updated."
    },
    "pt": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "total": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Decimal string."
        },
        "bank_account_id": {
          "type": "integer",
          "description": "Bank account id (list_bank_accounts)."
        },
        "ledger_account_id": {
          "type": "integer",
          "description": "Ledger account id (list_reference kind 'expense_types')."
        },
        "payment_method_id": {
          "type": "integer",
          "description": "1 bank transfer, 2 cash, 3 card, 4 cheque."
        }
      },
      "minProperties": 1,
      "additionalProperties": false,
      "description": "Fields of `PUT /accounts/v2/expenses/{id}` (Variant B). Inferred (not shown by the interface): the same flat, unwrapped keys as create; only the fields sent are changed."
    }
  },
  "IncomeCreate": {
    "de": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "amount": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Net amount (gross when `is_tax_included` is true)."
        },
        "tax_amount": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Tax amount."
        },
        "tax_percentage_rate": {
          "type": "string",
          "pattern": "^\\d{1,3}(\\.\\d{1,4})?$",
          "description": "Percent (`19.00` or `23`)."
        },
        "tax_code_id": {
          "type": "integer",
          "description": "Tax code id."
        },
        "source_id": {
          "type": "integer",
          "description": "Income type id (list_reference kind 'income_types')."
        },
        "destination_id": {
          "type": "integer",
          "description": "Receiving ledger account id (list_bank_accounts (their ledger_account id))."
        },
        "payment_method_id": {
          "type": "integer",
          "description": "1 bank transfer, 2 cash, 3 card, 4 cheque."
        },
        "invoice_date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "reference": {
          "type": "string",
          "description": "Reference."
        },
        "contact_id": {
          "type": "integer",
          "description": "The customer's contact id (list_contacts)."
        },
        "is_tax_included": {
          "type": "boolean",
          "description": "True when `amount` includes tax."
        }
      },
      "required": [
        "date",
        "amount",
        "source_id",
        "destination_id",
        "payment_method_id"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/incomes`, sent as `income[<field>]`. Dates are `dd/mm/yyyy`; `amount` and `tax_amount` are at most 99999999.99."
    },
    "pt": {
      "type": "object",
      "properties": {
        "date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "amount": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Net amount (gross when `is_tax_included` is true)."
        },
        "tax_amount": {
          "type": "string",
          "pattern": "^-?\\d{1,8}(\\.\\d{1,2})?$",
          "description": "Tax amount."
        },
        "tax_percentage_rate": {
          "type": "string",
          "pattern": "^\\d{1,3}(\\.\\d{1,4})?$",
          "description": "Percent (`19.00` or `23`)."
        },
        "tax_code_id": {
          "type": "integer",
          "description": "Tax code id."
        },
        "source_id": {
          "type": "integer",
          "description": "Income type id (list_reference kind 'income_types')."
        },
        "destination_id": {
          "type": "integer",
          "description": "Receiving ledger account id (list_bank_accounts (their ledger_account id))."
        },
        "payment_method_id": {
          "type": "integer",
          "description": "1 bank transfer, 2 cash, 3 card, 4 cheque."
        },
        "invoice_date": {
          "type": "string",
          "format": "date",
          "description": "Date."
        },
        "reference": {
          "type": "string",
          "description": "Reference."
        },
        "contact_id": {
          "type": "integer",
          "description": "The customer's contact id (list_contacts)."
        },
        "is_tax_included": {
          "type": "boolean",
          "description": "True when `amount` includes tax."
        }
      },
      "required": [
        "date",
        "amount",
        "source_id",
        "destination_id",
        "payment_method_id"
      ],
      "additionalProperties": false,
      "description": "Fields of `POST /accounts/v2/incomes`, sent as `income[<field>]`. Dates are `dd/mm/yyyy`; `amount` and `tax_amount` are at most 99999999.99."
    }
  }
};

/** Input schemas of the list operations' filters, by spec path, per variant. */
export const FILTER_SCHEMAS: Readonly<Record<'/accounts/v2/contacts' | '/accounts/v2/expenses' | '/accounts/v2/incomes', Readonly<Record<'de' | 'pt', JsonSchema>>>> = {
  "/accounts/v2/contacts": {
    "de": {
      "type": "object",
      "properties": {
        "contact_type": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customers, 2 suppliers."
        },
        "email": {
          "type": "string",
          "description": "Match on `email`."
        },
        "telephone": {
          "type": "string",
          "description": "Match on `telephone`."
        },
        "mobile": {
          "type": "string",
          "description": "Match on `mobile`."
        },
        "notes": {
          "type": "string",
          "description": "Match on `notes`."
        },
        "tax_number": {
          "type": "string",
          "description": "Match on tax-office number."
        },
        "search": {
          "type": "string",
          "description": "Matches name or company."
        }
      },
      "additionalProperties": false
    },
    "pt": {
      "type": "object",
      "properties": {
        "contact_type": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "description": "1 customers, 2 suppliers."
        },
        "email": {
          "type": "string",
          "description": "Match on `email`."
        },
        "search": {
          "type": "string",
          "description": "Matches name or company."
        }
      },
      "additionalProperties": false
    }
  },
  "/accounts/v2/expenses": {
    "de": {
      "type": "object",
      "properties": {
        "from_date": {
          "type": "string",
          "format": "date",
          "description": "Start of the date range."
        },
        "to_date": {
          "type": "string",
          "format": "date",
          "description": "End of the date range."
        },
        "updated_or_created_since": {
          "type": "string",
          "pattern": "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}([+-]\\d{2}:\\d{2})?)?$",
          "description": "Changed since this date or date-time (the service keeps US Eastern time: send -05:00 or -04:00)."
        }
      },
      "additionalProperties": false
    },
    "pt": {
      "type": "object",
      "properties": {
        "from_date": {
          "type": "string",
          "format": "date",
          "description": "Start of the date range."
        },
        "to_date": {
          "type": "string",
          "format": "date",
          "description": "End of the date range."
        },
        "updated_or_created_since": {
          "type": "string",
          "pattern": "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}([+-]\\d{2}:\\d{2})?)?$",
          "description": "Changed since this date or date-time (the service keeps US Eastern time: send -05:00 or -04:00)."
        }
      },
      "additionalProperties": false
    }
  },
  "/accounts/v2/incomes": {
    "de": {
      "type": "object",
      "properties": {
        "from_date": {
          "type": "string",
          "format": "date",
          "description": "Start of the date range."
        },
        "to_date": {
          "type": "string",
          "format": "date",
          "description": "End of the date range."
        }
      },
      "required": [
        "from_date",
        "to_date"
      ],
      "additionalProperties": false
    },
    "pt": {
      "type": "object",
      "properties": {
        "from_date": {
          "type": "string",
          "format": "date",
          "description": "Start of the date range."
        },
        "to_date": {
          "type": "string",
          "format": "date",
          "description": "End of the date range."
        }
      },
      "required": [
        "from_date",
        "to_date"
      ],
      "additionalProperties": false
    }
  }
};

/** Shallow schemas of the records the tools return, by spec schema name, per variant. */
export const RECORD_SCHEMAS: Readonly<Record<'Contact' | 'Expense' | 'Income' | 'BankAccount' | 'Product' | 'Business' | 'FinancialSettings' | 'AccountType' | 'ArtefactStatus' | 'ContactType' | 'Country' | 'ExpenseType' | 'IncomeType', Readonly<Record<'de' | 'pt', JsonSchema>>>> = {
  "Contact": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "company": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "contact_types": {
          "type": "array"
        },
        "email": {
          "type": "string"
        },
        "mobile": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "notes": {
          "type": "string"
        },
        "tax_number": {
          "type": "string"
        },
        "telephone": {
          "type": "string"
        },
        "main_address": {
          "type": "object"
        },
        "delivery_address": {
          "type": "object"
        },
        "account_number": {
          "type": "integer"
        },
        "tax_authentication_number": {
          "type": "string"
        },
        "tax_eligible": {
          "anyOf": [
            {
              "type": "boolean"
            },
            {
              "type": "null"
            }
          ]
        },
        "editable": {
          "type": "boolean"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "company": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "contact_types": {
          "type": "array"
        },
        "email": {
          "type": "string"
        },
        "mobile": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "notes": {
          "type": "string"
        },
        "tax_number": {
          "type": "string"
        },
        "telephone": {
          "type": "string"
        },
        "main_address": {
          "type": "object"
        },
        "delivery_address": {
          "type": "object"
        },
        "withholding_tax": {
          "type": "object"
        }
      }
    }
  },
  "Expense": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "contact_id": {
          "type": "integer"
        },
        "contact_name": {
          "type": "string"
        },
        "bank_account": {
          "type": "object"
        },
        "date": {
          "type": "string"
        },
        "ledger_account": {
          "type": "object"
        },
        "multiple_line_items": {
          "type": "boolean"
        },
        "payment_method": {
          "type": "object"
        },
        "reference": {
          "type": "string"
        },
        "tax_rate": {
          "type": "object"
        },
        "vat_value": {
          "type": "string"
        },
        "total": {
          "type": "string"
        },
        "gross_total": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "date": {
          "type": "string"
        },
        "total": {
          "type": "string"
        },
        "bank_account": {
          "type": "object"
        },
        "ledger_account": {
          "type": "object"
        },
        "payment_method": {
          "type": "object"
        }
      }
    }
  },
  "Income": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "date": {
          "type": "string"
        },
        "invoice_date": {
          "type": "string"
        },
        "amount": {
          "type": "string"
        },
        "tax_amount": {
          "type": "string"
        },
        "gross_amount": {
          "type": "string"
        },
        "tax_percentage_rate": {
          "type": "string"
        },
        "tax_code": {
          "type": "object"
        },
        "tax_scheme_period_id": {
          "type": "integer"
        },
        "reference": {
          "type": "string"
        },
        "contact": {
          "type": "object"
        },
        "source": {
          "type": "object"
        },
        "destination": {
          "type": "object"
        },
        "payment_method": {
          "type": "object"
        },
        "voided": {
          "type": "boolean"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "date": {
          "type": "string"
        },
        "invoice_date": {
          "type": "string"
        },
        "amount": {
          "type": "string"
        },
        "tax_amount": {
          "type": "string"
        },
        "gross_amount": {
          "type": "string"
        },
        "tax_percentage_rate": {
          "type": "string"
        },
        "tax_code": {
          "type": "object"
        },
        "tax_scheme_period_id": {
          "type": "integer"
        },
        "reference": {
          "type": "string"
        },
        "contact": {
          "type": "object"
        },
        "source": {
          "type": "object"
        },
        "destination": {
          "type": "object"
        },
        "payment_method": {
          "type": "object"
        },
        "voided": {
          "type": "boolean"
        }
      }
    }
  },
  "BankAccount": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "account_name": {
          "type": "string"
        },
        "account_number": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "account_type": {
          "type": "object"
        },
        "ledger_account": {
          "type": "object"
        },
        "balance": {
          "type": "string"
        },
        "iban": {
          "type": "string"
        },
        "bic": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "reconciliation_strategy": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "account_name": {
          "type": "string"
        },
        "account_number": {
          "type": "string"
        },
        "sort_code": {
          "type": "string"
        },
        "telephone": {
          "type": "string"
        },
        "email": {
          "type": "string"
        },
        "address": {
          "type": "object"
        },
        "account_type": {
          "type": "object"
        },
        "ledger_account": {
          "type": "object"
        },
        "balance": {
          "type": "string"
        }
      }
    }
  },
  "Product": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "product_code": {
          "type": "string"
        },
        "description": {
          "type": "string"
        },
        "ledger_account": {
          "type": "object"
        },
        "cost_price": {
          "type": "string"
        },
        "sales_price": {
          "type": "string"
        },
        "unit_type": {
          "type": "object"
        },
        "tax_rate": {
          "type": "object"
        },
        "sales_price_includes_tax": {
          "type": "boolean"
        },
        "notes": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "product_code": {
          "type": "string"
        },
        "description": {
          "type": "string"
        },
        "sales_price": {
          "type": "string"
        },
        "last_cost_price": {
          "type": "string"
        },
        "sales_price_includes_tax": {
          "type": "integer"
        },
        "tax_code": {
          "type": "object"
        },
        "ledger_account": {
          "type": "object"
        },
        "extra_info": {
          "type": "string"
        }
      }
    }
  },
  "Business": {
    "de": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string"
        },
        "website": {
          "type": "string"
        },
        "telephone": {
          "type": "string"
        },
        "mobile": {
          "type": "string"
        },
        "street_1": {
          "type": "string"
        },
        "street_2": {
          "type": "string"
        },
        "city": {
          "type": "string"
        },
        "county": {
          "type": "string"
        },
        "postcode": {
          "type": "string"
        },
        "country": {
          "type": "object"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string"
        },
        "website": {
          "type": "string"
        },
        "telephone": {
          "type": "string"
        },
        "mobile": {
          "type": "string"
        },
        "street_1": {
          "type": "string"
        },
        "street_2": {
          "type": "string"
        },
        "city": {
          "type": "string"
        },
        "county": {
          "type": "string"
        },
        "postcode": {
          "type": "string"
        },
        "country": {
          "type": "object"
        }
      }
    }
  },
  "FinancialSettings": {
    "de": {
      "type": "object",
      "properties": {
        "financial_year_end_date": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "coa_template": {
          "type": "string"
        },
        "tax_submission_frequency_type": {
          "type": "object"
        },
        "tax_scheme": {
          "type": "object"
        },
        "tax_number": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "financial_year_end_date": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "coa_template": {
          "type": "string"
        },
        "tax_submission_frequency_type": {
          "type": "object"
        },
        "tax_scheme": {
          "type": "object"
        },
        "tax_number": {
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        }
      }
    }
  },
  "AccountType": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    }
  },
  "ArtefactStatus": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    }
  },
  "ContactType": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "$symbol": {
          "type": "string"
        }
      }
    }
  },
  "Country": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "code": {
          "type": "string"
        },
        "name": {
          "type": "string"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "code": {
          "type": "string"
        },
        "name": {
          "type": "string"
        }
      }
    }
  },
  "ExpenseType": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "display_name": {
          "type": "string"
        },
        "nominal_code": {
          "type": "integer"
        },
        "tax_code": {
          "type": "object"
        },
        "ledger_account_type": {
          "type": "object"
        },
        "vat_changeable": {
          "type": "boolean"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "nominal_code": {
          "type": "integer"
        },
        "tax_code": {
          "type": "object"
        }
      }
    }
  },
  "IncomeType": {
    "de": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "nominal_code": {
          "type": "integer"
        },
        "tax_code": {
          "type": "object"
        }
      }
    },
    "pt": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer"
        },
        "name": {
          "type": "string"
        },
        "nominal_code": {
          "type": "integer"
        },
        "tax_code": {
          "type": "object"
        }
      }
    }
  }
};

/** Every operation of each variant's spec, as `METHOD /path`: what a record kind's tools are checked against. */
export const SPEC_OPERATIONS: Readonly<Record<'de' | 'pt', readonly string[]>> = {
  "de": [
    "DELETE /accounts/v2/contacts/{id}",
    "DELETE /accounts/v2/expenses/{id}",
    "DELETE /test/{dataPath}",
    "GET /accounts/v2/account_types",
    "GET /accounts/v2/account_types/{id}",
    "GET /accounts/v2/artefact_statuses",
    "GET /accounts/v2/bank_accounts",
    "GET /accounts/v2/bank_accounts/{id}",
    "GET /accounts/v2/contact_types",
    "GET /accounts/v2/contact_types/{id}",
    "GET /accounts/v2/contacts",
    "GET /accounts/v2/contacts/{id}",
    "GET /accounts/v2/countries",
    "GET /accounts/v2/countries/{id}",
    "GET /accounts/v2/expense_types",
    "GET /accounts/v2/expenses",
    "GET /accounts/v2/expenses/{id}",
    "GET /accounts/v2/financial_settings",
    "GET /accounts/v2/income_types",
    "GET /accounts/v2/incomes",
    "GET /accounts/v2/incomes/{id}",
    "GET /accounts/v2/products",
    "GET /core/v2/business",
    "GET /core/v2/business_relationships",
    "GET /core/v2/me",
    "GET /oauth2/auth",
    "GET /test/{dataPath}",
    "POST /accounts/v2/bank_accounts",
    "POST /accounts/v2/contacts",
    "POST /accounts/v2/expenses",
    "POST /accounts/v2/incomes",
    "POST /oauth2/token",
    "POST /test/{dataPath}",
    "PUT /accounts/v2/bank_accounts/{id}",
    "PUT /accounts/v2/contacts/{id}",
    "PUT /accounts/v2/expenses/{id}",
    "PUT /core/v2/business",
    "PUT /test/{dataPath}"
  ],
  "pt": [
    "DELETE /accounts/v2/contacts/{id}",
    "DELETE /accounts/v2/expenses/{id}",
    "DELETE /test/{dataPath}",
    "GET /accounts/v2/account_types",
    "GET /accounts/v2/account_types/{id}",
    "GET /accounts/v2/artefact_statuses",
    "GET /accounts/v2/bank_accounts",
    "GET /accounts/v2/bank_accounts/{id}",
    "GET /accounts/v2/contact_types",
    "GET /accounts/v2/contact_types/{id}",
    "GET /accounts/v2/contacts",
    "GET /accounts/v2/contacts/{id}",
    "GET /accounts/v2/countries",
    "GET /accounts/v2/countries/{id}",
    "GET /accounts/v2/expense_types",
    "GET /accounts/v2/expenses",
    "GET /accounts/v2/expenses/{id}",
    "GET /accounts/v2/financial_settings",
    "GET /accounts/v2/income_types",
    "GET /accounts/v2/incomes",
    "GET /accounts/v2/incomes/{id}",
    "GET /accounts/v2/products",
    "GET /core/v2/business",
    "GET /core/v2/business_relationships",
    "GET /core/v2/me",
    "GET /oauth2/auth",
    "GET /test/{dataPath}",
    "POST /accounts/v2/bank_accounts",
    "POST /accounts/v2/contacts",
    "POST /accounts/v2/expenses",
    "POST /accounts/v2/incomes",
    "POST /oauth2/token",
    "POST /test/{dataPath}",
    "PUT /accounts/v2/bank_accounts/{id}",
    "PUT /accounts/v2/contacts/{id}",
    "PUT /accounts/v2/expenses/{id}",
    "PUT /core/v2/business",
    "PUT /test/{dataPath}"
  ]
};

/** The largest page a list operation returns (`$itemsPerPage` maximum). */
export const MAX_PAGE_SIZE = 200;
